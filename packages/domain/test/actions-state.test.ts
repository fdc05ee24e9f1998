import {
  ACTION_KINDS,
  PARTNER_ACTION_STATUSES,
  type ActionKind,
  type PartnerActionStatus,
} from '@yv/schemas';
import {
  acceptsSubmit,
  canTransition,
  IllegalTransitionError,
  isTerminalStatus,
  transition,
} from '../src/actions';

const NON_QUEUED = ACTION_KINDS.filter((kind) => kind !== 'redeem_async');

describe('partner action state machine', () => {
  it.each(ACTION_KINDS)('%s follows the shared path created → submitted → confirmed → indexed', (kind) => {
    expect(transition(kind, 'created', 'submitted')).toBe('submitted');
    expect(transition(kind, 'requires_signature', 'submitted')).toBe('submitted');
    expect(transition(kind, 'submitted', 'confirmed')).toBe('confirmed');
    expect(transition(kind, 'submitted', 'failed')).toBe('failed');
    expect(transition(kind, 'confirmed', 'indexed')).toBe('indexed');
    expect(transition(kind, 'created', 'failed')).toBe('failed');
    expect(transition(kind, 'requires_signature', 'failed')).toBe('failed');
  });

  it('lets the gateway no longer enter requires_signature: no read moves an action', () => {
    for (const kind of ACTION_KINDS) expect(canTransition(kind, 'created', 'requires_signature')).toBe(false);
  });

  it('cancels an unsigned deposit (superseded by a fresh action) and no other unsigned kind', () => {
    for (const from of ['created', 'requires_signature'] as const) {
      expect(transition('deposit', from, 'cancelled')).toBe('cancelled');
      for (const kind of ACTION_KINDS.filter((k) => k !== 'deposit'))
        expect(canTransition(kind, from, 'cancelled')).toBe(false);
    }
    expect(canTransition('deposit', 'waiting_for_keeper', 'cancelled')).toBe(false);
    expect(canTransition('deposit', 'submitted', 'cancelled')).toBe(false);
  });

  it('lets only a queued redemption go past indexed', () => {
    for (const kind of NON_QUEUED) {
      expect(canTransition(kind, 'indexed', 'waiting_for_keeper')).toBe(false);
      expect(isTerminalStatus(kind, 'indexed')).toBe(true);
    }
    expect(transition('redeem_async', 'indexed', 'waiting_for_keeper')).toBe('waiting_for_keeper');
    expect(transition('redeem_async', 'waiting_for_keeper', 'claimable')).toBe('claimable');
    expect(transition('redeem_async', 'claimable', 'claimed')).toBe('claimed');
    expect(transition('redeem_async', 'waiting_for_keeper', 'cancelled')).toBe('cancelled');
    expect(isTerminalStatus('redeem_async', 'indexed')).toBe(false);
  });

  it.each<[PartnerActionStatus, PartnerActionStatus]>([
    ['created', 'confirmed'],
    ['created', 'indexed'],
    ['submitted', 'created'],
    ['submitted', 'indexed'],
    ['confirmed', 'failed'],
    ['failed', 'submitted'],
    ['indexed', 'confirmed'],
    ['claimed', 'claimable'],
    ['waiting_for_keeper', 'claimed'],
    ['cancelled', 'waiting_for_keeper'],
  ])('refuses %s → %s with a typed error', (from, to) => {
    expect(() => transition('redeem_async', from, to)).toThrow(IllegalTransitionError);
    expect(() => transition('redeem_async', from, to)).toThrow(`cannot move from ${from} to ${to}`);
  });

  it('never moves to the same status', () => {
    for (const kind of ACTION_KINDS)
      for (const status of PARTNER_ACTION_STATUSES) expect(canTransition(kind, status, status)).toBe(false);
  });

  it('ends at claimed, cancelled and failed for every kind', () => {
    const terminal: PartnerActionStatus[] = ['claimed', 'cancelled', 'failed'];
    for (const kind of ACTION_KINDS as readonly ActionKind[])
      for (const status of terminal) expect(isTerminalStatus(kind, status)).toBe(true);
    expect(isTerminalStatus('deposit', 'submitted')).toBe(false);
  });

  it('accepts a submit only before anything was submitted', () => {
    expect(PARTNER_ACTION_STATUSES.filter(acceptsSubmit)).toEqual(['created', 'requires_signature']);
  });
});
