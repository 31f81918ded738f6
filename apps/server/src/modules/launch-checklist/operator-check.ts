import {
  unpublishedOperatorFacts,
  unsetSupport,
  type OperatorFacts,
} from '@ctn/contracts/operator-facts';
import { fail, ok, type PreflightCheck } from '../../lib/preflight';

/** The operator's published facts and support mailbox: saved settings or the environment's. */
export interface PublishedOperator {
  facts: OperatorFacts;
  supportEmail: string | null;
  /** Where they were read: "saved settings", "environment". */
  from: string;
}

/**
 * Members must be able to reach someone and know who runs the platform before it opens
 * (decision 049): one failing line naming the variables still unset, for support and for the
 * operator's identity each.
 */
export function operatorCheck(read: () => Promise<PublishedOperator>): PreflightCheck {
  return {
    name: 'operator',
    variable: 'SUPPORT_EMAIL',
    run: async () => {
      const { facts, supportEmail, from } = await read();
      const support = unsetSupport(facts, supportEmail);
      const identity = unpublishedOperatorFacts(facts);
      return [
        support.length
          ? fail(
              'support',
              support.join(', '),
              `not set: members cannot learn where and when support answers (set ${support.join(' and ')}, or save them on Admin Settings)`,
            )
          : ok(
              'support',
              'SUPPORT_EMAIL',
              `${supportEmail}, ${facts.supportHours}; ${facts.supportChannels.length} channels (${from})`,
            ),
        identity.length
          ? fail(
              'operator named',
              identity.join(', '),
              `not set: Terms, Privacy and About say "Operator details not published yet" (set ${identity.join(', ')}, or save them on Admin Settings)`,
            )
          : ok(
              'operator named',
              'OPERATOR_LEGAL_NAME',
              `${facts.legalName}, ${facts.jurisdiction} (${from})`,
            ),
      ];
    },
  };
}
