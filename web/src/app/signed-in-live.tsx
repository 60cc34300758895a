import { useQueryClient } from '@tanstack/react-query';
import { groupKeys } from '../features/groups/api/groups';
import { useRealtimeFrames } from '../features/messaging/api/realtime';
import { MatchNotice } from '../features/messaging/components/match-notice';

/**
 * What a signed-in student with a profile gets live on every route (issue 17): the notice of a new
 * match and group member lists that follow joins and leaves. Loaded only for them (issue 18): the
 * realtime socket and its zod frames are no part of a signed-out first load.
 */
export function SignedInLive() {
  return (
    <>
      <MatchNotice />
      <LiveGroups />
    </>
  );
}

/** Group member lists follow joins and leaves live, wherever Manage Groups is open (issue 17). */
function LiveGroups() {
  const queryClient = useQueryClient();
  useRealtimeFrames((frame) => {
    if (frame.type === 'group.updated') void queryClient.invalidateQueries({ queryKey: groupKeys.all });
  });
  return null;
}
