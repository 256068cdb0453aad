// A segmented control that looks like antd-mobile's Segmented (block: the options share the
// width, the chosen one filled) as native radio buttons in a named radio group: theirs is
// rc-segmented and rc-motion, 7 KB of brotli in Trade's first load for the leaderboard's
// and the create form's switches (issue 33), and needs segmented-group.tsx's repairs to be
// read out right. The radios bring the arrow keys and the group's one Tab stop. Its colours
// are antd-mobile's variables (--segmented-background, --segmented-item-color,
// --segmented-item-selected-background, --segmented-item-selected-color); a caller's class
// sets them.
import { useId, type ReactNode } from 'react';
import './segmented.css';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
}

export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <label
            key={option.value}
            className={selected ? 'segmented__item segmented__item--selected' : 'segmented__item'}
          >
            <input
              className="segmented__input"
              type="radio"
              name={name}
              value={option.value}
              checked={selected}
              onChange={() => onChange(option.value)}
            />
            <span className="segmented__label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
