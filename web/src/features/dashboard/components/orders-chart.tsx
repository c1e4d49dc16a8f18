import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { daysBetween, formatShortDay, type Day } from '@/lib/date-range';
import { formatMoney } from '@/lib/money';

export interface DayPoint {
  date: Day;
  orders: number;
  sales: number;
}

/**
 * One point per day of the range, in the order of the days: days the server did not list (it
 * lists every day, but a shorter answer must not shift the axis) count zero.
 */
export function fillDays(points: DayPoint[], from: Day | undefined, to: Day | undefined): DayPoint[] {
  const byDay = new Map(points.map((p) => [p.date, p]));
  const days = from && to ? daysBetween(from, to) : points.map((p) => p.date).sort();
  return days.map((date) => byDay.get(date) ?? { date, orders: 0, sales: 0 });
}

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Orders (bars, left axis) and sales (line, right axis) per day of the user's timezone. */
export function OrdersChart({ data }: { data: DayPoint[] }) {
  return (
    <div className="chart-box" data-testid="orders-chart" role="img" aria-label={`Orders and sales per day, ${data.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eaecf0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatShortDay(d)} tick={{ fontSize: 12, fill: '#667085' }} tickLine={false} axisLine={{ stroke: '#eaecf0' }} minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12, fill: '#667085' }} tickLine={false} axisLine={false} width={36} />
          <YAxis yAxisId="sales" orientation="right" tickFormatter={(v: number) => compactUsd.format(v)} tick={{ fontSize: 12, fill: '#667085' }} tickLine={false} axisLine={false} width={56} />
          <Tooltip
            labelFormatter={(d) => formatShortDay(String(d))}
            formatter={(value, name) => (name === 'Sales' ? formatMoney(Number(value)) : Number(value).toLocaleString('en-US'))}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="orders" dataKey="orders" name="Orders" fill="#818cf8" radius={[4, 4, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          <Line yAxisId="sales" dataKey="sales" name="Sales" type="monotone" stroke="#12b76a" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
