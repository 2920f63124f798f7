import type {
  AnalyticsAverageNumbers,
  AnalyticsBreakdown,
  AnalyticsDynamics,
  AnalyticsNumbers,
} from '@freight/contracts/analytics';

/** The four calls that follow the data_type switch. */
export interface AnalyticsBreakdowns {
  cargo: AnalyticsBreakdown;
  participation: AnalyticsBreakdown;
  deliveryType: AnalyticsBreakdown;
  directions: AnalyticsBreakdown;
}

/** Everything the analytics screen shows, as the seven calls answered it. */
export interface AnalyticsData {
  numbers: AnalyticsNumbers;
  dynamics: AnalyticsDynamics;
  averages: AnalyticsAverageNumbers;
  breakdowns: AnalyticsBreakdowns;
}
