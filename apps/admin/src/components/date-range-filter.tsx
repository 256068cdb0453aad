// The date range of a list's filter bar, in its own chunk: antd's DatePicker (and its
// calendar) loads only with the screens that filter by time (the audit log).
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';

export function DateRangeFilter(props: RangePickerProps) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}
