import type { FollowUpInput } from '../../shared/schemas/visits';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { post } from './contract';

// 'Add follow-up' (POST /api/visits/:id/tasks/:taskId/follow-up). Its own file, not
// visits.ts: that one is loaded by pages that never add a follow-up (/resources/invoices/new among
// them, at its 200 KB script budget), and only the visit page does.

/**
 * A failed finding as a task on the property's next scheduled visit or on a new one (owners and
 * managers); a new one at `scheduledAt` with `assigneeIds` when given.
 */
export const useAddFollowUp = (visitId: string) =>
  useMutationThatInvalidates(
    ({ taskId, ...body }: FollowUpInput & { taskId: string }) =>
      post('/visits/:id/tasks/:taskId/follow-up', { param: { id: visitId, taskId }, json: body }),
    // a visit's tasks show on its property's visit history too
    () => [areaKeys.visits, areaKeys.properties],
  );
