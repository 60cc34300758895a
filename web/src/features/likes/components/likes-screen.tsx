import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useMatches } from '../api/get-matches';
import { useWhoLikedMe } from '../api/get-who-liked-me';
import { MatchesList } from './matches-list';
import { WhoLikedYou } from './who-liked-you';

type LikesScreenProps = {
  onStartChat: (conversationId: string) => void;
  onViewProfile: (userId: string) => void;
  onDiscover: () => void;
};

const countBadge = 'inline-flex h-5 min-w-5 items-center justify-center rounded-pill px-1.5 text-xs font-bold';

/** The Likes and matches screen (001 §2): Who Liked You and Your Matches. */
export function LikesScreen({ onStartChat, onViewProfile, onDiscover }: LikesScreenProps) {
  const [view, setView] = useState('liked-you');
  const received = useWhoLikedMe();
  const matches = useMatches();
  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList aria-label="Likes">
        <TabsTrigger value="liked-you">
          Who Liked You
          {received.data && received.data.count > 0 && (
            <span className={`${countBadge} bg-accent-600 text-white`}>{received.data.count}</span>
          )}
        </TabsTrigger>
        <TabsTrigger value="matches">
          Your Matches
          {matches.data && matches.data.length > 0 && (
            <span className={`${countBadge} bg-brand-700 text-white`}>{matches.data.length}</span>
          )}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="liked-you">
        <WhoLikedYou query={received} onViewProfile={onViewProfile} />
      </TabsContent>
      <TabsContent value="matches">
        <MatchesList query={matches} onStartChat={onStartChat} onViewProfile={onViewProfile} onDiscover={onDiscover} />
      </TabsContent>
    </Tabs>
  );
}
