import { useCallback } from 'react';
import { CONFIDENCE_BANDS, MIN_BAND_TRADES, type BandRow } from '../../../../shared/journal';
import { formatRate } from '../format';
import { cellClass, headClass, ScrollTable } from './scroll-table';
import { UPlotChart, type MakeChart } from './uplot-chart';

export const SOURCE_LABEL: Record<BandRow['source'], string> = {
  all: 'All analyses',
  engine: 'PipLens engine',
  model: 'AI models',
};

/**
 * PipLens's own record: of the closed trades that followed a plan's direction, how often the
 * target came before the stop, per confidence band, for all analyses and split by who answered.
 */
export function ConfidenceRecord({ record }: { record: BandRow[] }) {
  const make = useCallback<MakeChart>(
    (lib, colors) => {
      const all = CONFIDENCE_BANDS.map((band) => record.find((row) => row.source === 'all' && row.band === band.key));
      return {
        options: {
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false, range: [-0.5, CONFIDENCE_BANDS.length - 0.5] }, y: { range: [0, 100] } },
          series: [
            {},
            {
              label: 'Target first',
              stroke: colors.line,
              fill: colors.line,
              paths: lib.paths.bars?.({ size: [0.6, 80] }),
              points: { show: false },
            },
          ],
          axes: [
            {
              stroke: colors.text,
              grid: { show: false },
              ticks: { show: false },
              splits: () => CONFIDENCE_BANDS.map((_, index) => index),
              values: (_u, splits) => splits.map((index) => CONFIDENCE_BANDS[index]?.label ?? ''),
            },
            {
              stroke: colors.text,
              grid: { stroke: colors.grid },
              ticks: { stroke: colors.grid },
              values: (_u, splits) => splits.map((v) => `${v}%`),
            },
          ],
        },
        data: [
          CONFIDENCE_BANDS.map((_, index) => index),
          all.map((row) => (row?.targetRate == null ? null : row.targetRate * 100)),
        ],
      };
      // The query keeps the record's identity while its data is the same, so the chart is drawn once per answer.
    },
    [record],
  );
  return (
    <div className="mt-3 grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">
        Of your closed trades that followed a plan's direction: how often the target came before the stop, by the
        confidence PipLens gave. A band needs {MIN_BAND_TRADES} trades that reached the target or the stop before its
        rate says anything.
      </p>
      <ScrollTable label="PipLens's record by confidence, table">
        <table className="w-full text-sm">
          <caption className="px-3 py-2 text-left font-medium">PipLens's record by confidence</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className={headClass}>
                Confidence
              </th>
              <th scope="col" className={headClass}>
                Source
              </th>
              <th scope="col" className={headClass}>
                Trades
              </th>
              <th scope="col" className={headClass}>
                Target first
              </th>
              <th scope="col" className={headClass}>
                Stop first
              </th>
              <th scope="col" className={headClass}>
                Closed by hand
              </th>
              <th scope="col" className={headClass}>
                Target-first rate
              </th>
              <th scope="col" className={headClass}>
                What it says
              </th>
            </tr>
          </thead>
          <tbody>
            {record.map((row) => (
              <tr
                key={`${row.source}-${row.band}`}
                className="border-t border-border"
                data-band={row.band}
                data-source={row.source}
              >
                <th scope="row" className={cellClass}>
                  {row.label}
                </th>
                <td className={cellClass}>{SOURCE_LABEL[row.source]}</td>
                <td className={cellClass}>{row.trades}</td>
                <td className={cellClass}>{row.targetFirst}</td>
                <td className={cellClass}>{row.stopFirst}</td>
                <td className={cellClass}>{row.byHand}</td>
                <td className={cellClass}>{row.targetRate === null ? '—' : formatRate(row.targetRate)}</td>
                <td className="min-w-64 px-3 py-2">{row.sentence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <div>
        <p className="text-sm font-medium">Target first, by confidence (all analyses)</p>
        <UPlotChart make={make} height={180} />
      </div>
    </div>
  );
}
