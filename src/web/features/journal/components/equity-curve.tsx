import { useCallback } from 'react';
import type { JournalStats } from '../../../../shared/journal';
import { formatDateTime, plain, signed } from '../format';
import { cellClass, headClass, ScrollTable } from './scroll-table';
import { UPlotChart, type MakeChart } from './uplot-chart';

/** The cumulative R after each closed trade, drawn and as a table (the table is what a screen reader reads). */
export function EquityCurve({ equity }: { equity: JournalStats['equity'] }) {
  const make = useCallback<MakeChart>(
    (_lib, colors) => ({
      options: {
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        series: [{}, { label: 'Cumulative R', stroke: colors.line, width: 2, points: { show: true, size: 6 } }],
        axes: [
          {
            stroke: colors.text,
            grid: { stroke: colors.grid },
            ticks: { stroke: colors.grid },
            incrs: [1, 2, 5, 10, 20, 50, 100],
          },
          {
            stroke: colors.text,
            grid: { stroke: colors.grid },
            ticks: { stroke: colors.grid },
            values: (_u, splits) => splits.map((v) => `${v} R`),
          },
        ],
      },
      // From zero before the first trade.
      data: [
        [0, ...equity.map((p) => p.trade)],
        [0, ...equity.map((p) => p.cumulativeR)],
      ],
    }),
    [equity],
  );
  if (equity.length === 0)
    return <p className="mt-2 text-sm text-muted-foreground">The curve starts with your first closed trade.</p>;
  return (
    <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <UPlotChart make={make} height={220} />
      <ScrollTable label="Equity curve in R, table">
        <table className="w-full text-sm">
          <caption className="px-3 py-2 text-left font-medium">Equity curve in R</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className={headClass}>
                Trade
              </th>
              <th scope="col" className={headClass}>
                Closed
              </th>
              <th scope="col" className={headClass}>
                R
              </th>
              <th scope="col" className={headClass}>
                Cumulative R
              </th>
            </tr>
          </thead>
          <tbody>
            {equity.map((point) => (
              <tr key={point.tradeId} className="border-t border-border">
                <th scope="row" className={cellClass}>
                  {point.trade}
                </th>
                <td className={cellClass}>{formatDateTime(point.closedAt)}</td>
                <td className={cellClass}>{signed(point.r, 2)}</td>
                <td className={cellClass}>{plain(point.cumulativeR, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
