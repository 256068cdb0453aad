// A busy indicator that looks like antd-mobile's SpinLoading (the same arc, turning, growing
// and shrinking) drawn by CSS alone: SpinLoading animates its arc with react-spring, 15 KB of
// brotli that the update check at `/` would fetch for this one spinner (issue 33).
import './spinner.css';

const CIRCUMFERENCE = 15 * Math.PI * 2;

export function Spinner({ size = 32 }: { size?: number }) {
  return (
    <div className="spinner" style={{ width: size, height: size }}>
      <svg className="spinner__svg" viewBox="0 0 32 32" aria-hidden="true">
        <circle
          className="spinner__arc"
          fill="transparent"
          strokeWidth="2"
          strokeDasharray={CIRCUMFERENCE}
          strokeLinecap="square"
          r={15}
          cx={16}
          cy={16}
        />
      </svg>
    </div>
  );
}
