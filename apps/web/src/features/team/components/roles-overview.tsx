import {
  PROFILE_PERMISSIONS,
  PROFILE_ROLES,
  ROLE_PERMISSIONS,
  roleLabel,
  type ProfileRole,
} from '@freight/domain/team';
import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { clsx } from 'clsx';
import { Hint, Panel } from '@/components/ui';
import styles from './team.module.css';

const S = TEAM_TEXTS.screen;

/**
 * «Что может каждая роль»: each role in a sentence, then the table of ROLE_PERMISSIONS (the rule
 * the server enforces; docs/team-roles.md prints the same). `yours` marks the visitor's column.
 * No client hooks: renders on the server.
 */
export function RolesOverview({ yours }: { yours?: ProfileRole | undefined }) {
  return (
    <Panel aria-labelledby="team-roles-h">
      <h2 id="team-roles-h">{S.rolesTitle}</h2>
      <Hint>{S.rolesIntro}</Hint>
      <dl className={styles.roles}>
        {PROFILE_ROLES.map((role) => (
          <div key={role} className={clsx(role === yours && styles.highlight)}>
            <dt>{roleLabel(role)}</dt>
            <dd>{TEAM_TEXTS.roleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
      {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. */}
      <div className={styles.tableScroll} role="region" aria-labelledby="team-roles-h" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{S.permissionColumn}</th>
              {PROFILE_ROLES.map((role) => (
                <th key={role} scope="col" className={clsx(role === yours && styles.highlight)}>
                  {roleLabel(role)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PROFILE_PERMISSIONS.map((permission) => (
              <tr key={permission}>
                <th scope="row">{TEAM_TEXTS.permissions[permission]}</th>
                {PROFILE_ROLES.map((role) =>
                  ROLE_PERMISSIONS[role].includes(permission) ? (
                    <td key={role} className={clsx(styles.yes, role === yours && styles.highlight)}>
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">{S.allowed}</span>
                    </td>
                  ) : (
                    <td key={role} className={clsx(styles.no, role === yours && styles.highlight)}>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{S.denied}</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
