import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/spinner';
import { useMe } from '../../features/auth/api/get-me';
import { RoommateAgreementRoute } from '../../features/roommate-agreements/routes/roommate-agreement';

/** The agreement screen with the signed-in student's id (features do not import each other). */
export function RoommateAgreementPage() {
  const { conversationId = '' } = useParams();
  const me = useMe();
  if (!me.data) return <LoadingScreen />;
  return <RoommateAgreementRoute conversationId={conversationId} myId={me.data.id} />;
}
