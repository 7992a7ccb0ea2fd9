import { describe, expect, it } from 'vitest';
import { propertyInput } from '../../shared/schemas/properties';
import { taskForm } from '../../shared/schemas/tasks';
import { createSeriesInput } from '../../shared/schemas/series';
import { recheckField, validate, validateForm, type FormShape } from './form';

const property = { name: '', address: '', city: '', state: '', zipCode: '', country: 'USA' };

describe('validate', () => {
  it('maps the shared schema’s issues to one message per field', () => {
    const result = validate(propertyInput, property);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['address', 'name']);
  });

  it('gives the parsed data when the values pass', () => {
    const result = validate(propertyInput, { ...property, name: 'Elm', address: '1 Elm St' });
    expect(result).toMatchObject({ ok: true, data: { name: 'Elm', address: '1 Elm St' } });
  });
});

describe('recheckField', () => {
  const errors = () => {
    const result = validate(propertyInput, property);
    if (result.ok) throw new Error('expected errors');
    return result.errors;
  };

  it('clears a field’s error once it is corrected, and leaves the others', () => {
    const next = recheckField(propertyInput, { ...property, name: 'Elm' }, 'name', errors());
    expect(next.name).toBeUndefined();
    expect(next.address).toBe(errors().address);
  });

  it('keeps the error while the field is still wrong, with the schema’s current message', () => {
    const before = validate(taskForm, {
      name: 'Mow',
      description: '',
      estimatedDurationMinutes: '',
      defaultPrice: 'x',
    });
    if (before.ok) throw new Error('expected errors');
    const next = recheckField(
      taskForm,
      { name: 'Mow', description: '', estimatedDurationMinutes: '', defaultPrice: '-1' },
      'defaultPrice',
      before.errors,
    );
    expect(next.defaultPrice).toBeTruthy();
  });

  it('gives a corrected field its error again when it is broken again, and touches no other field', () => {
    const only: Record<string, string> = { address: errors().address ?? '' };
    const next = recheckField(propertyInput, property, 'name', only);
    expect(next).toEqual({ address: errors().address, name: errors().name });
  });

  it('returns the same errors when nothing changed for the field', () => {
    const before = errors();
    expect(recheckField(propertyInput, property, 'name', before)).toBe(before);
  });
});

describe('a form whose values are not the body (the series form: a wall-clock start becomes startsAt)', () => {
  type Values = { propertyId: string; start: string; rule: string };
  const shape: FormShape = {
    prepare: (values: Values) => ({
      propertyId: values.propertyId,
      startsAt: values.start ? `${values.start}:00.000Z` : '',
      timeZone: 'UTC',
      rrule: values.rule,
    }),
    fields: { startsAt: 'start', rrule: 'rule' },
  };
  const blank: Values = { propertyId: '', start: '', rule: '' };

  it('checks the prepared body and keys its errors by the form’s fields', () => {
    const result = validateForm(createSeriesInput, blank, shape);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['propertyId', 'rule', 'start']);
  });

  it('clears the start field’s error once a start is typed', () => {
    const result = validateForm(createSeriesInput, blank, shape);
    if (result.ok) throw new Error('expected errors');
    const next = recheckField(
      createSeriesInput,
      { ...blank, start: '2030-06-15T09:00' },
      'start',
      result.errors,
      shape,
    );
    expect(next.start).toBeUndefined();
    expect(next.rule).toBe(result.errors.rule);
  });

  it('gives the parsed body when the values pass', () => {
    const values = { propertyId: crypto.randomUUID(), start: '2030-06-15T09:00', rule: 'FREQ=WEEKLY' };
    expect(validateForm(createSeriesInput, values, shape)).toMatchObject({ ok: true, data: { rrule: 'FREQ=WEEKLY' } });
  });
});

describe('a field that holds a list owns the messages of its parts', () => {
  it('clears items.0.description once that line is described, and keeps another field’s error', async () => {
    const { createInvoiceInput } = await import('../../shared/schemas/invoices');
    const values = {
      propertyId: '',
      items: [{ description: '', quantity: 1, unitPrice: 100 }],
    };
    const first = validate(createInvoiceInput, values);
    if (first.ok) throw new Error('expected errors');
    expect(first.errors['items.0.description']).toBe('Please describe the line');
    const next = recheckField(
      createInvoiceInput,
      { ...values, items: [{ description: 'Call-out', quantity: 1, unitPrice: 100 }] },
      'items',
      first.errors,
    );
    expect(next['items.0.description']).toBeUndefined();
    expect(next.propertyId).toBe(first.errors.propertyId);
  });
});
