/**
 * `/b/:brandId/settings/team` (Settings → Team): the brand's members with role and state (active,
 * invited, suspended), invite by e-mail (the mailed setup link, valid 3 days), re-invite, change
 * role, suspend after a confirmation and lift it. A partner user also sees its partner's members.
 * A member sees every control disabled with the reason the API gives; nobody changes their own
 * membership.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useChangeMember } from '../../features/team/api/change-member.ts';
import { useTeam } from '../../features/team/api/get-team.ts';
import { useInvite } from '../../features/team/api/invite.ts';
import { useReinvite } from '../../features/team/api/reinvite.ts';
import type { Member } from '../../features/team/api/types.ts';
import '../../features/team/components/team.css';
import { memberName, ROLE_WORDS, STATE_WORDS } from '../../features/team/components/words.ts';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ability, useBrandRole } from '../../lib/role.ts';
import { useSession } from '../../lib/session.ts';

const SELF = 'This is you: another admin changes your membership.';

export default function TeamPage() {
  const brand = useBrand();
  const team = useTeam(brand.id);
  const role = useBrandRole(brand.id);
  const can = ability(role.data, 'team.manage');
  return (
    <>
      <PageHeader title="Team">
        <Link to={`/b/${brand.id}/settings`}>Back to settings</Link>
      </PageHeader>
      {!can.allowed && can.reason ? (
        <p className="muted" data-testid="team-reason">
          {can.reason}
        </p>
      ) : null}
      <InviteForm brand={brand} allowed={can.allowed} />
      <section className="section" aria-labelledby="members">
        <h2 id="members">Members of {brand.name}</h2>
        <StatePanel
          loading={team.isPending}
          error={team.error}
          onRetry={() => void team.refetch()}
          empty={team.data?.members.length === 0}
          emptyMessage="Nobody is on the team yet: invite someone above."
          label="the team"
        >
          <ul className="member-list" data-testid="members">
            {team.data?.members.map((m) => (
              <MemberCard key={m.user_id} brand={brand} member={m} allowed={can.allowed} />
            ))}
          </ul>
        </StatePanel>
      </section>
      {team.data?.partners.map((p) => (
        <section key={p.id} className="section" aria-labelledby={`partner-${p.id}`}>
          <h2 id={`partner-${p.id}`}>Your partner team: {p.name}</h2>
          <p className="muted">They manage {brand.name} with you. Your partner’s admins change this team.</p>
          <ul className="member-list" data-testid="partner-members">
            {p.members.map((m) => (
              <MemberCard key={m.user_id} brand={brand} member={m} allowed={false} readOnly />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function InviteForm({ brand, allowed }: { brand: Brand; allowed: boolean }) {
  const invite = useInvite(brand.id);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const sent = invite.data;
  return (
    <section className="card section" aria-labelledby="invite">
      <h2 id="invite">Invite people</h2>
      <form
        className="invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ emails, role }, { onSuccess: () => setEmails('') });
        }}
      >
        <Field
          label="E-mail addresses"
          hint="Separate several with commas. Each gets a link to set up an account, valid for 3 days."
          type="text"
          inputMode="email"
          value={emails}
          disabled={!allowed}
          onChange={(e) => setEmails(e.target.value)}
        />
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            value={role}
            disabled={!allowed}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
          >
            <option value="member">Member: reads, replies, drafts</option>
            <option value="admin">Admin: also activates, bills, manages the team</option>
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={!allowed || invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitations'}
        </button>
      </form>
      <FormError message={invite.error?.message} />
      {sent ? (
        <div role="status" data-testid="invited">
          {sent.invited.map((i) => (
            <p key={i.user_id} className={i.mail_sent ? 'health-good' : 'form-error'}>
              {i.mail_sent
                ? `Invitation sent to ${i.email}.`
                : `${i.email} was added, but the mail could not be sent: use “Send the invitation again”.`}
            </p>
          ))}
          {sent.invalid.length ? (
            <p className="muted">Not e-mail addresses, left out: {sent.invalid.join(', ')}.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function MemberCard({
  brand,
  member: m,
  allowed,
  readOnly = false,
}: {
  brand: Brand;
  member: Member;
  allowed: boolean;
  readOnly?: boolean;
}) {
  const session = useSession();
  const change = useChangeMember(brand.id);
  const reinvite = useReinvite(brand.id);
  const [suspending, setSuspending] = useState(false);
  const self = session?.user_id === m.user_id;
  const may = allowed && !self && !readOnly;
  const name = memberName(m);
  const roleId = `role-${m.membership_id}`;
  return (
    <li className="card member" data-testid="member" aria-label={name}>
      <div className="member-head">
        <strong>{name}</strong>
        {name !== m.email ? <span className="muted"> {m.email}</span> : null}
        <span className={`badge state-${m.state}`}>{STATE_WORDS[m.state] ?? m.state}</span>
      </div>
      <p className="muted">
        {ROLE_WORDS[m.member_role] ?? m.member_role}
        {m.last_login ? `; last signed in on ${formatDateTime(m.last_login, brand)}` : '; never signed in'}
      </p>
      {readOnly ? null : (
        <div className="member-actions">
          <div className="field field-inline">
            <label htmlFor={roleId}>Role of {name}</label>
            <select
              id={roleId}
              value={m.member_role}
              disabled={!may || change.isPending}
              onChange={(e) => change.mutate({ memberId: m.user_id, role: e.target.value })}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          {m.state === 'invited' ? (
            <button
              type="button"
              className="button"
              disabled={!may || reinvite.isPending}
              onClick={() => reinvite.mutate(m.user_id)}
            >
              {reinvite.isPending ? 'Sending…' : 'Send the invitation again'}
            </button>
          ) : null}
          {m.state === 'suspended' ? (
            <button
              type="button"
              className="button"
              disabled={!may || change.isPending}
              onClick={() => change.mutate({ memberId: m.user_id, state: 'active' })}
            >
              Lift the suspension
            </button>
          ) : (
            <button type="button" className="button" disabled={!may} onClick={() => setSuspending(true)}>
              Suspend…
            </button>
          )}
        </div>
      )}
      {self && !readOnly ? <p className="muted">{SELF}</p> : null}
      {reinvite.data ? (
        <p role="status" className="health-good">
          A new link went to {reinvite.data.email}; the earlier one no longer works.
        </p>
      ) : null}
      <FormError message={suspending ? null : (change.error?.message ?? reinvite.error?.message)} />
      <ConfirmDialog
        open={suspending}
        title={`Suspend ${name}?`}
        confirmLabel={`Suspend ${name}`}
        busy={change.isPending}
        error={change.error?.message}
        onCancel={() => setSuspending(false)}
        onConfirm={() =>
          change.mutate({ memberId: m.user_id, state: 'suspended' }, { onSuccess: () => setSuspending(false) })
        }
      >
        <p>
          {name} can no longer open {brand.name}
          {m.state === 'invited' ? ', and the invitation link stops working' : ''}. You can lift the suspension later.
        </p>
      </ConfirmDialog>
    </li>
  );
}
