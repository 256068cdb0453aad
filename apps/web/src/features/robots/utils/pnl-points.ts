// The PnL chart's points: zero when the robot started, one per stored minute snapshot,
// then the figure now (while it runs) or at its end, so the line always spans the whole
// run. Times are whole seconds, strictly increasing (the chart library's rule); values
// are USDT as numbers, precise enough for a line's height and never used for money.
export interface PnlPoint {
  time: number;
  value: number;
}

export function pnlPoints(
  series: readonly { t: string; pnl: string }[],
  run: { startedAt: string; last: { pnl: string; at: number } | null },
): PnlPoint[] {
  const points: PnlPoint[] = [];
  const push = (time: number, value: number) => {
    if (!Number.isFinite(time) || !Number.isFinite(value)) return;
    const last = points[points.length - 1];
    if (last && time <= last.time) {
      if (time === last.time) last.value = value;
      return;
    }
    points.push({ time, value });
  };
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  if (run.startedAt) push(seconds(run.startedAt), 0);
  for (const snapshot of series) push(seconds(snapshot.t), Number(snapshot.pnl));
  if (run.last) push(Math.floor(run.last.at / 1000), Number(run.last.pnl));
  return points;
}
