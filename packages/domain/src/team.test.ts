import { describe, expect, it } from 'vitest';
import { availableCargoActions } from './cargo-status';
import { buildCargoListQuery, createOrderListState, ALL_PROFILES } from './order-list';
import { INVITABLE_ROLES, PROFILE_PERMISSIONS, PROFILE_ROLES, ROLE_PERMISSIONS, roleCan, roleLabel } from './team';

describe('team roles', () => {
  it('owner and administrator may do everything; only they manage the team', () => {
    for (const permission of PROFILE_PERMISSIONS) {
      expect(roleCan('owner', permission)).toBe(true);
      expect(roleCan('admin', permission)).toBe(true);
    }
    expect(PROFILE_ROLES.filter((r) => roleCan(r, 'team.manage'))).toEqual(['owner', 'admin']);
    // Taking an offer changes the company's prices: the owner's and administrators' call.
    expect(PROFILE_ROLES.filter((r) => roleCan(r, 'offers.accept'))).toEqual(['owner', 'admin']);
  });

  it('a shipping manager places and handles orders but never sees money; an accountant the reverse', () => {
    expect(roleCan('shipping_manager', 'cargo.create')).toBe(true);
    expect(roleCan('shipping_manager', 'documents.shipping')).toBe(true);
    expect(roleCan('shipping_manager', 'documents.finance')).toBe(false);
    expect(roleCan('shipping_manager', 'settlements.view')).toBe(false);
    expect(roleCan('accountant', 'settlements.view')).toBe(true);
    expect(roleCan('accountant', 'documents.finance')).toBe(true);
    expect(roleCan('accountant', 'cargo.create')).toBe(false);
    expect(roleCan('accountant', 'cargo.manage')).toBe(false);
    // Everyone in a team sees its cargos.
    for (const role of PROFILE_ROLES) expect(ROLE_PERMISSIONS[role]).toContain('cargo.view');
  });

  it('names roles in Russian; the owner is never invited', () => {
    expect(PROFILE_ROLES.map(roleLabel)).toEqual(['Владелец', 'Администратор', 'Менеджер по отправкам', 'Бухгалтер']);
    expect(INVITABLE_ROLES).not.toContain('owner');
  });

  it('a member who may only look gets no cancel, rate, contacts, repeat or favourite', () => {
    const facts = { status: 'created' as const, rated: false, driverAssigned: true };
    expect(availableCargoActions(facts)).toEqual(['cancel', 'change_contacts', 'driver_info', 'repeat', 'favorite']);
    expect(availableCargoActions({ ...facts, canManage: false, canCreate: false })).toEqual(['driver_info']);
    expect(availableCargoActions({ ...facts, canManage: true, canCreate: false })).not.toContain('repeat');
  });

  it('the list query: the active profile by default, one profile by account_uuid, or all of them', () => {
    const state = createOrderListState();
    const query = (owner: string) =>
      buildCargoListQuery({ ...state, filters: { ...state.filters, owner_id_profile: owner } });
    expect(query('').get('all_profiles')).toBe('false');
    expect(query('').has('owner_id_profile')).toBe(false);
    const uuid = '7c0c5b8e-4f7e-4b52-9f43-2f0d3c1a9b10';
    expect(query(uuid).get('owner_id_profile')).toBe(uuid);
    expect(query(uuid).get('all_profiles')).toBe('false');
    expect(query(ALL_PROFILES).get('all_profiles')).toBe('true');
    expect(query(ALL_PROFILES).has('owner_id_profile')).toBe(false);
  });
});
