import { ReportPage, type ReportSlots } from '../features/report/report-page';
import { CapacityReport, PlansReport, TcoCompareChart, TcoReportCharts, TcoReportLead, TcoVerdictText } from '../features/tco/report-section';

/**
 * The report page, put together here where features meet: the report feature lays out the
 * decision, figures and assumptions; the TCO feature draws its charts into it.
 */
const SLOTS: ReportSlots = {
  charts: ({ tco, resultKey }) => <TcoReportCharts tco={tco} resultKey={resultKey} />,
  capacity: () => <CapacityReport />,
  verdict: (props) => <TcoVerdictText {...props} />,
  lead: (props) => <TcoReportLead {...props} />,
  compareChart: (props) => <TcoCompareChart {...props} />,
  plans: () => <PlansReport />,
};

export function ReportRoute() {
  return <ReportPage slots={SLOTS} />;
}
