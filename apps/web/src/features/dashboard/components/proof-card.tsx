import { InclusionProofCard } from '@/components/inclusion-proof-card';
import { useMyProof, useProofLatest } from '@/lib/proof';

/** "Your balance in the proof": the member's leaf and path in the newest proof of liabilities. */
export function ProofCard({ userId }: { userId: string }) {
  const proof = useMyProof();
  const latest = useProofLatest();
  return (
    <InclusionProofCard
      title="Your balance in the proof"
      description="Everything we owe you (available, locked and held for withdrawal) is a leaf of the daily proof of liabilities. Check it here, in your browser."
      amountNoun="balance"
      userId={userId}
      proof={proof}
      published={latest.data}
      emptyTitle="No proof includes you yet"
      emptyText="A proof of liabilities is built every day; your balance appears in the next one."
    />
  );
}
