import { useParams } from 'react-router';
import { ComingNext } from '@/components/coming-next';

export function AdminWithdrawalDetailPage() {
  const { id } = useParams();
  return (
    <ComingNext
      title="Withdrawal Review"
      subtitle={id ? `Request ${id}` : undefined}
      summary="Approve, reject or block a withdrawal request."
      items={[
        'The request and the member behind it',
        'Approve with a transaction hash',
        'Reject or block with a reason',
      ]}
    />
  );
}
