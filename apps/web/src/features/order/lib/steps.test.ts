import { describe, expect, it } from 'vitest';
import { doneHref, firstStepOfFields, nextStep, parseStep, previousStep, signInHref, stepHref } from './steps';

describe('wizard steps', () => {
  it('reads and writes the step of the URL', () => {
    expect(parseStep('cargo')).toBe('cargo');
    expect(parseStep('nope')).toBeNull();
    expect(parseStep(null)).toBeNull();
    expect(stepHref('time')).toBe('/order?step=time');
    expect(nextStep('route')).toBe('cargo');
    expect(nextStep('review')).toBeNull();
    expect(previousStep('route')).toBeNull();
    expect(previousStep('review')).toBe('payment');
  });

  it('finds the earliest step of the fields the server refused', () => {
    expect(firstStepOfFields({ 'contacts.sender.phone': 'x', 'cargo.weight': 'y', transportationType: 'z' })).toBe(
      'cargo',
    );
    expect(firstStepOfFields({ 'destination.city_delivery': 'x' })).toBe('route');
    expect(firstStepOfFields({})).toBeNull();
  });

  it('builds the sign-in and confirmation links', () => {
    expect(signInHref('participants')).toBe('/auth/sign-in?next=%2Forder%3Fstep%3Dparticipants');
    expect(doneHref('MG-1234-56789')).toBe('/order/done?track=MG-1234-56789');
  });
});
