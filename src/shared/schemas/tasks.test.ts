import { describe, expect, it } from 'vitest';
import { taskForm, taskInput } from './tasks';

describe('taskForm', () => {
  it('turns the form fields into the API body: minutes, cents, blanks as null', () => {
    expect(
      taskForm.parse({ name: ' Mow ', description: '', estimatedDurationMinutes: '90', defaultPrice: '45.5' }),
    ).toEqual({
      name: 'Mow',
      description: '',
      estimatedDurationMinutes: 90,
      defaultPrice: 4550,
      requirements: [],
    });
    const blank = taskForm.parse({ name: 'Mow', description: '', estimatedDurationMinutes: ' ', defaultPrice: '' });
    expect(blank).toMatchObject({ estimatedDurationMinutes: null, defaultPrice: null });
    expect(taskInput.parse(blank)).toMatchObject({
      description: null,
      estimatedDurationMinutes: null,
      defaultPrice: null,
    });
  });

  it('refuses fractions of minutes, negative or over-precise prices, and a blank name', () => {
    const messages = (values: Record<string, string>) =>
      taskForm
        .safeParse({ name: 'x', description: '', estimatedDurationMinutes: '', defaultPrice: '', ...values })
        .error?.issues.map((issue) => issue.message);
    expect(messages({ name: '  ' })).toEqual(['Task name is required']);
    expect(messages({ estimatedDurationMinutes: '1.5' })).toEqual([
      'Duration must be a whole number of minutes, 0 or more',
    ]);
    expect(messages({ estimatedDurationMinutes: '-3' })).toEqual([
      'Duration must be a whole number of minutes, 0 or more',
    ]);
    expect(messages({ defaultPrice: '-1' })).toEqual(['Price must be 0 or more']);
    expect(messages({ defaultPrice: '1.005' })).toEqual(['Price can have at most two decimals']);
  });
});
