import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { EyeIcon } from '../../components/ui/icons';
import { meQueryKey, useMe } from '../../features/auth/api/get-me';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { CallButton } from '../../features/calls/components/call-button';
import { CallProvider } from '../../features/calls/components/call-provider';
import { GroupCallButton } from '../../features/calls/components/group-call-button';
import { deckKeys, removeFromDecks } from '../../features/discovery/api/get-deck';
import { DiscoverScreen } from '../../features/discovery/components/discover-screen';
import { ModeChip } from '../../features/groups/components/mode-chip';
import { useHideMessage } from '../../features/hidden-words/api/hidden-words';
import { MainApp } from '../../features/home/components/main-app';
import { likesKeys } from '../../features/likes/api/get-who-liked-me';
import { LikesScreen } from '../../features/likes/components/likes-screen';
import { messagingKeys } from '../../features/messaging/api/conversations';
import { getRealtime } from '../../features/messaging/api/realtime';
import { MessagesScreen } from '../../features/messaging/components/messages-screen';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { PushOffer } from '../../features/notifications/components/push-offer';
import { planOf, premiumKeys, usePremiumStatus } from '../../features/premium/api/get-premium-status';
import { BoostControl } from '../../features/premium/components/boost-control';
import { PremiumStatusBadge } from '../../features/premium/components/premium-status-badge';
import { UpgradePromoCard } from '../../features/premium/components/upgrade-promo-card';
import { type ProfileView, ProfileViewDialog } from '../../features/profile-view/components/profile-view-dialog';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { OwnProfileScreen } from '../../features/profiles/components/own-profile';
import { AgreementLink } from '../../features/roommate-agreements/components/agreement-link';
import { SafetyActions } from '../../features/safety/components/safety-actions';
import { TrustCard } from '../../features/verification/components/trust-card';

/**
 * After a block the person leaves the deck, likes, matches and chat at once (D19, D20): drop them
 * from cached decks and refetch everything that lists people.
 */
function useForgetBlocked() {
  const queryClient = useQueryClient();
  return (userId: string) => {
    removeFromDecks(queryClient, userId);
    for (const queryKey of [
      deckKeys.all,
      likesKeys.received,
      likesKeys.matches,
      messagingKeys.conversations,
      messagingKeys.matches,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/** The Profile tab: the own profile screen, with a preview through the profile view dialog. */
function ProfileTab() {
  const [previewId, setPreviewId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <>
      <OwnProfileScreen
        onCompleteProfile={() => {
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          navigate('/');
        }}
        trust={<TrustCard />}
        actions={(userId) => (
          <Button variant="ghost" className="w-full sm:w-auto" onClick={() => setPreviewId(userId)}>
            <EyeIcon className="size-4" /> Preview as others see it
          </Button>
        )}
      />
      <ProfileViewDialog userId={previewId} onOpenChange={(open) => !open && setPreviewId(null)} />
    </>
  );
}

/** Messages for one conversation (001 §2 Send Message / Start Chat); the chat screen reads `conversation`. */
function useOpenConversation() {
  const [, setParams] = useSearchParams();
  return (conversationId: string | null, draft?: string) =>
    setParams(
      conversationId
        ? { tab: 'matches', conversation: conversationId, ...(draft ? { draft } : {}) }
        : { tab: 'matches' },
    );
}

/** Discover: the deck with the plan from premium status, the boost control and the upgrade promo. */
function DiscoverTab({
  userId,
  onViewProfile,
}: {
  userId: string;
  onViewProfile: (id: string, view?: ProfileView) => void;
}) {
  const premium = usePremiumStatus();
  const own = useOwnProfile();
  const queryClient = useQueryClient();
  const openConversation = useOpenConversation();
  // Without a status the deck still loads, within the free plan's bounds.
  const plan = planOf(premium.data) ?? (premium.isError ? 'free' : undefined);
  return (
    <DiscoverScreen
      userId={userId}
      plan={plan}
      onViewProfile={onViewProfile}
      myPhotoUrl={own.data?.profilePhotoUrl}
      onSendMessage={openConversation}
      onSwiped={(action) => {
        if (action === 'super_like') void queryClient.invalidateQueries({ queryKey: premiumKeys.superLikes });
        if (action !== 'pass') void queryClient.invalidateQueries({ queryKey: likesKeys.matches });
      }}
      toolbar={<BoostControl />}
      footer={<UpgradePromoCard />}
    />
  );
}

function LikesTab({ onViewProfile }: { onViewProfile: (id: string) => void }) {
  const openConversation = useOpenConversation();
  const [, setParams] = useSearchParams();
  return <LikesScreen onStartChat={openConversation} onViewProfile={onViewProfile} onDiscover={() => setParams({})} />;
}

/** Messages: the conversation list and chat, with the calls feature's call button in the chat header. */
function MessagesTab({ userId, onViewProfile }: { userId: string; onViewProfile: (id: string) => void }) {
  const [params, setParams] = useSearchParams();
  const openConversation = useOpenConversation();
  const forgetBlocked = useForgetBlocked();
  const hideMessage = useHideMessage();
  return (
    <MessagesScreen
      myId={userId}
      hideMessage={hideMessage}
      conversationId={params.get('conversation')}
      onOpenConversation={openConversation}
      // A "Talk about this" question from the comparison (issue 21): into the composer once, then gone from the URL.
      draft={params.get('draft')}
      onDraftTaken={() =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.delete('draft');
            return next;
          },
          { replace: true },
        )
      }
      onViewProfile={onViewProfile}
      groupAction={(conversationId) => (
        <>
          <AgreementLink conversationId={conversationId} />
          <GroupCallButton conversationId={conversationId} />
        </>
      )}
      callAction={(peer) => (
        <>
          {params.get('conversation') && <AgreementLink conversationId={params.get('conversation') as string} />}
          <CallButton peer={peer} />
          <SafetyActions
            variant="menu"
            userId={peer.userId}
            name={peer.name}
            onBlocked={() => {
              openConversation(null);
              forgetBlocked(peer.userId);
            }}
          />
        </>
      )}
      warningActions={(peer) => (
        <SafetyActions
          variant="inline"
          userId={peer.userId}
          name={peer.name}
          onBlocked={() => {
            openConversation(null);
            forgetBlocked(peer.userId);
          }}
        />
      )}
    />
  );
}

/** Signed in with a profile: the main app with the tabs other features fill in. */
export function AppScreen() {
  const me = useMe();
  const [viewing, setViewingState] = useState<{ id: string; view: ProfileView } | null>(null);
  const setViewing = (id: string | null, view: ProfileView = 'profile') => setViewingState(id ? { id, view } : null);
  const openConversation = useOpenConversation();
  const userId = me.data?.id ?? '';
  const forgetBlocked = useForgetBlocked();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  return (
    <CallProvider channel={getRealtime()}>
      <MainApp
        headerActions={
          <>
            <NotificationBell channel={getRealtime()} openConversationId={params.get('conversation')} />
            {/* On phones the bell takes Sign Out's place; Sign Out stays in the Settings tab (issue 19). */}
            <span className="contents max-sm:hidden">
              <SignOutButton compact />
            </span>
          </>
        }
        headerStatus={<PremiumStatusBadge />}
        modeChip={
          // Group mode ranks the deck for the whole group (D13): a new mode or membership means a new deck.
          <ModeChip myId={userId} onChanged={() => void queryClient.invalidateQueries({ queryKey: deckKeys.all })} />
        }
        panels={{
          discover: <DiscoverTab key={userId} userId={userId} onViewProfile={setViewing} />,
          'liked-you': <LikesTab onViewProfile={setViewing} />,
          matches: <MessagesTab key={userId} userId={userId} onViewProfile={setViewing} />,
          profile: <ProfileTab />,
        }}
      />
      {userId && <PushOffer channel={getRealtime()} myId={userId} inChat={params.get('conversation') !== null} />}
      <ProfileViewDialog
        userId={viewing?.id ?? null}
        view={viewing?.view}
        compare
        onTalkAbout={(conversationId, message) => {
          setViewing(null);
          openConversation(conversationId, message);
        }}
        onOpenChange={(open) => !open && setViewing(null)}
        actions={(profile) => (
          <SafetyActions
            variant="buttons"
            userId={profile.userId}
            name={profile.name}
            onBlocked={() => {
              setViewing(null);
              // A chat with them is over (D19): leave it.
              if (params.get('conversation')) setParams({ tab: 'matches' });
              forgetBlocked(profile.userId);
            }}
          />
        )}
      />
    </CallProvider>
  );
}
