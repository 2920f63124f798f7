import type { Metadata } from 'next';
import { AccessRequestStatusBadge } from '@/components/status/status-badges';
import { Link } from '@/components/ui/link';
import { ClientDetailSchema, ManagerListSchema, type ClientDetail } from '@freight/contracts/back-office-clients';
import { formatDate, formatDateTime } from '@freight/domain/dates';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { BoClientContractsSchema } from '@freight/contracts/back-office-contracts';
import { BO_CONTRACTS_TEXTS } from '@freight/domain/texts/back-office-contracts';
import layout from '@/components/back-office/layout.module.css';
import bo from '@/features/back-office/components/back-office.module.css';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { ClientCargos } from '@/features/back-office-clients/components/client-cargos';
import { ClientContracts } from '@/features/back-office-clients/components/client-contracts';
import { ManagerForm } from '@/features/back-office-clients/components/manager-form';
import styles from '@/features/back-office-clients/components/clients.module.css';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.clients;

export const metadata: Metadata = { title: T.metaTitle };

type Params = { id: string };

async function loadClient(id: string): Promise<ClientDetail | null> {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  try {
    return await apiGet(`/api/v1/back-office/clients/${id}`, ClientDetailSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * /back-office/clients/[id]: a client — contacts, each profile with its members and personal
 * manager, cargos by status and the latest ones, full-access requests.
 */
export default async function ClientPage({ params }: { params: Promise<Params> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'clients.view')) return <Forbidden />;
  const canAssign = staffMay(staff, 'clients.assign_manager');
  const canManageFinance = staffMay(staff, 'finance.manage');
  const [client, managers] = await Promise.all([
    loadClient((await params).id),
    canAssign ? apiGet('/api/v1/back-office/managers', ManagerListSchema) : null,
  ]);
  const breadcrumbs = [{ href: '/back-office/clients', label: T.title }];
  if (!client) {
    return (
      <BoPage title={T.notFoundTitle} breadcrumbs={breadcrumbs}>
        <p>{T.notFoundText}</p>
      </BoPage>
    );
  }
  const { user } = client;
  const canReview = staffMay(staff, 'access.review');
  // Contracts are a company's (issue 16): each legal profile's with their positions today.
  const contracts = new Map(
    await Promise.all(
      client.profiles
        .filter((profile) => profile.kind === 'legal')
        .map(
          async (profile) =>
            [
              profile.account_uuid,
              await apiGet(`/api/v1/back-office/clients/${profile.account_uuid}/contracts`, BoClientContractsSchema),
            ] as const,
        ),
    ),
  );
  return (
    <BoPage title={T.detailTitle(user.name || `№ ${user.id}`)} breadcrumbs={breadcrumbs}>
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="client-contacts">
          <h2 id="client-contacts">{T.contacts}</h2>
          <dl className={layout.dl}>
            <dt>{T.columns.phone}</dt>
            <dd>{user.phone ?? '—'}</dd>
            <dt>{T.columns.email}</dt>
            <dd>{user.email ?? '—'}</dd>
            <dt>{T.columns.created}</dt>
            <dd>{formatDate(user.created_at)}</dd>
            <dt>{T.columns.fullAccess}</dt>
            <dd>{user.full_access ? T.yes : T.no}</dd>
            <dt>{T.columns.cargos}</dt>
            <dd>{user.cargo_count}</dd>
          </dl>
          {user.deleted ? <p className={layout.muted}>{T.deleted}</p> : null}
        </section>
        <section className={layout.card} aria-labelledby="client-cargo-counts">
          <h2 id="client-cargo-counts">{T.cargoCounts}</h2>
          {client.cargo_counts.length === 0 ? (
            <p className={layout.muted}>{T.noCargos}</p>
          ) : (
            <dl className={layout.dl}>
              {client.cargo_counts.map((c) => (
                <div key={c.status} style={{ display: 'contents' }}>
                  <dt>{c.label}</dt>
                  <dd>{c.count}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>

      <section className={styles.profiles} aria-labelledby="client-profiles">
        <h2 id="client-profiles" className={styles.sectionTitle}>
          {T.profiles}
        </h2>
        {client.profiles.map((profile) => (
          <section
            key={profile.account_uuid}
            className={layout.card}
            aria-labelledby={`profile-${profile.account_uuid}`}
          >
            <h3 id={`profile-${profile.account_uuid}`}>{profile.name}</h3>
            <p className={layout.muted}>
              {T.profileOf(profile.kind_label, profile.inn, profile.kpp)} · {profile.role_label}
            </p>
            <div className={styles.tableWrap}>
              <table className={styles.simpleTable}>
                <caption className={layout.muted}>{T.members}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.columns.name}</th>
                    <th scope="col">{T.columns.phone}</th>
                    <th scope="col">{T.columns.role}</th>
                  </tr>
                </thead>
                <tbody>
                  {profile.members.map((member) => (
                    <tr key={member.user_id}>
                      <td>
                        <Link href={`/back-office/clients/${member.user_id}`}>
                          {member.name || `№ ${member.user_id}`}
                        </Link>
                      </td>
                      <td className={styles.nowrap}>{member.phone ?? '—'}</td>
                      <td>{member.role_label}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {managers ? (
              <ManagerForm accountUuid={profile.account_uuid} current={profile.manager} managers={managers.managers} />
            ) : (
              <p>
                {T.manager}: {profile.manager ? profile.manager.name : T.managerNone}
              </p>
            )}
            {contracts.has(profile.account_uuid) ? (
              <section aria-labelledby={`contracts-${profile.account_uuid}`}>
                <h4 id={`contracts-${profile.account_uuid}`}>{BO_CONTRACTS_TEXTS.title}</h4>
                <ClientContracts
                  accountUuid={profile.account_uuid}
                  profileName={profile.name}
                  contracts={contracts.get(profile.account_uuid)!.contracts}
                  canEdit={canManageFinance}
                />
              </section>
            ) : null}
          </section>
        ))}
      </section>

      <section className={layout.card} aria-labelledby="client-cargos">
        <h2 id="client-cargos">{T.cargos}</h2>
        <ClientCargos cargos={client.cargos} />
      </section>

      <section className={layout.card} aria-labelledby="client-requests">
        <h2 id="client-requests">{T.requests}</h2>
        {client.requests.length === 0 ? (
          <p className={layout.muted}>{T.noRequests}</p>
        ) : (
          <ul className={styles.answers}>
            {client.requests.map((request) => (
              <li key={request.id}>
                <span>
                  {canReview ? <Link href={`/back-office/access/${request.id}`}>{request.name}</Link> : request.name}{' '}
                  <AccessRequestStatusBadge status={request.status} label={request.status_label} size="s" />
                </span>
                <span className={layout.muted}>
                  {request.type_label} · {formatDateTime(request.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </BoPage>
  );
}
