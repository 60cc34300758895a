import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SecurityIncidentRequest } from '../../../lib/api-types';

/**
 * POST /api/security-incidents (001 §5, §6: anonymous visitors may report too). The session
 * cookie, when there is one, lets the server record the reporter.
 */
export const reportIncident = (body: SecurityIncidentRequest) => api('POST /api/security-incidents', { body });

export const useReportIncident = () => useMutation({ mutationFn: reportIncident });
