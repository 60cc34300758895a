import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { problemToast } from '../../../lib/problem-toast';
import { adminKeys, type ReportStatus } from './admin-keys';

export const REPORT_STATUSES: ReadonlyArray<ReportStatus> = ['pending', 'investigating', 'resolved', 'dismissed'];

/** The 10 newest user reports (001 §2). */
export const useAdminReports = () =>
  useQuery({
    queryKey: adminKeys.reports,
    queryFn: () => api('GET /api/admin/reports').then((r) => r.reports),
  });

export const useAdminReport = (reportId: string | null) =>
  useQuery({
    queryKey: adminKeys.report(reportId ?? ''),
    enabled: reportId !== null,
    queryFn: () =>
      api('GET /api/admin/reports/{reportId}', { params: { reportId: reportId ?? '' } }).then((r) => r.report),
  });

export function useSetReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reportId: string; reportStatus: ReportStatus }) =>
      api('PUT /api/admin/reports/{reportId}', {
        params: { reportId: input.reportId },
        body: { reportStatus: input.reportStatus },
      }),
    onSuccess: () => {
      toast.success('Report updated');
      // The list, the open report and the pending count all change.
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
    onError: (error) => problemToast(error, 'Failed to update the report. Please try again.'),
  });
}
