// The primary, full-width submit button every form of the app ends with.
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';

export function SubmitButton(props: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      shape="rounded"
      size="large"
      loading={props.loading}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
