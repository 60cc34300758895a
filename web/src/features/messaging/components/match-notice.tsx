import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { conversationPath } from '../../../lib/paths';
import { photoSources } from '../../../lib/photo';
import { messagingKeys } from '../api/conversations';
import { useRealtimeFrames } from '../api/realtime';

/**
 * Tells the other side of a new match, wherever they are in the app (issue 17): the student whose
 * like made the match sees the "It's a Match" popup; the one who liked first gets this notice over
 * the realtime `match.created` frame, with Send Message to open the chat.
 */
export function MatchNotice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRealtimeFrames((frame) => {
    if (frame.type !== 'match.created' || frame.byYou) return;
    const open = () => navigate(conversationPath(frame.conversationId));
    if (frame.group) {
      // Issue 20: the group's chat list learns of the new conversation too.
      void queryClient.invalidateQueries({ queryKey: messagingKeys.groupConversations });
      toast("It's a Group Match", {
        id: `match-${frame.conversationId}`,
        description: 'Your group has a new match: everyone can chat together now.',
        duration: 10_000,
        action: { label: 'Send Message', onClick: open },
      });
      return;
    }
    void queryClient
      .fetchQuery({
        queryKey: messagingKeys.matches,
        queryFn: async () => (await api('GET /api/matches')).matches,
        staleTime: 0,
      })
      .catch(() => [])
      .then((matches) => {
        const them = matches.find((m) => m.userId === frame.userId);
        toast("It's a Match", {
          id: `match-${frame.conversationId}`,
          description: them ? `You and ${them.name} liked each other.` : 'Someone you liked liked you back.',
          icon: them?.profilePhotoUrl ? (
            <img
              {...photoSources(them.profilePhotoUrl, '36px')}
              alt=""
              className="size-9 max-w-none rounded-full object-cover"
            />
          ) : undefined,
          // Room for the photo: sonner's icon slot is 16 px by default.
          classNames: { icon: '!size-9 !mr-1 shrink-0' },
          duration: 10_000,
          action: { label: 'Send Message', onClick: open },
        });
      });
  });
  return null;
}
