import { memo } from 'react';
import type { TcoEvaluation } from '../../core/tco/evaluate';

/**
 * The report's charts. Placeholder shell: replaced by the shared TCO charts below.
 */
export const ReportCharts = memo(function ReportCharts(props: { tco: TcoEvaluation; money: (usd: number) => string }) {
  const { tco, money } = props;
  return (
    <table className="figures w-full text-sm">
      <tbody>
        <tr>
          <th scope="row" className="text-left font-normal text-muted">API</th>
          <td className="text-right">{money(tco.api.monthlyUsd)}</td>
        </tr>
        <tr>
          <th scope="row" className="text-left font-normal text-muted">Self-hosted</th>
          <td className="text-right">{money(tco.selfHosted.monthlyUsd)}</td>
        </tr>
      </tbody>
    </table>
  );
});
