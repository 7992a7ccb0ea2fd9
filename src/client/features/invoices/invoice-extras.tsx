import { useFormats } from '../../api/session';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { dollarsToCents, itemAmount, type Discount } from '../../../shared/money';
import { MAX_INVOICE_ITEMS } from '../../../shared/constants';

// An invoice's own lines and its discount, as a form types them (text) and as the API
// takes them (cents, basis points). Text that is not a number goes on as NaN, for the shared
// schema to refuse with its message on the field.

export interface ItemValues {
  description: string;
  quantity: string;
  /** Dollars, as typed. */
  unitPrice: string;
}

export type DiscountKindValue = '' | Discount['kind'];

export const blankItem = (): ItemValues => ({ description: '', quantity: '1', unitPrice: '' });

const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));
const centsOf = (text: string) => {
  try {
    return dollarsToCents(text) ?? NaN;
  } catch {
    return NaN;
  }
};

/** The lines as the API takes them. */
export const itemsBody = (items: ItemValues[]) =>
  items.map((item) => ({
    description: item.description,
    quantity: numberOf(item.quantity),
    unitPrice: centsOf(item.unitPrice),
  }));

/** The discount as the API takes it: dollars into cents, a percent into basis points (12.5 → 1250). */
export function discountBody(kind: DiscountKindValue, value: string): Discount | null {
  if (!kind) return null;
  if (kind === 'amount') return { kind, value: centsOf(value) };
  const percent = numberOf(value);
  return { kind, value: Number.isFinite(percent) ? Math.round(percent * 100) : NaN };
}

/** What the lines add to the subtotal now, counting only those that read as numbers. */
export const itemsSubtotal = (items: ItemValues[]) =>
  itemsBody(items).reduce((sum, item) => {
    const amount = itemAmount(item);
    return Number.isSafeInteger(amount) && amount >= 0 ? sum + amount : sum;
  }, 0);

/** 'Extra lines': a description, a quantity and a unit price each; Add line, Remove. */
export function ExtraLinesField({
  items,
  onChange,
  errors,
}: {
  items: ItemValues[];
  onChange: (items: ItemValues[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const { currencySymbol } = useFormats();
  const change = (index: number, part: Partial<ItemValues>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...part } : item)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        Extra lines
      </Text>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Parts, fees or anything else besides the visits&apos; tasks.
        </Text>
      )}
      {items.map((item, index) => {
        const number = index + 1;
        const error = (part: keyof ItemValues) => errors[`items.${index}.${part}`];
        return (
          <Stack key={index} gap={6} role="group" aria-label={`Line ${number}`}>
            <TextInput
              label={`Description of line ${number}`}
              value={item.description}
              onChange={(event) => change(index, { description: event.currentTarget.value })}
              error={error('description')}
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label="Quantity"
                inputMode="numeric"
                w={90}
                value={item.quantity}
                onChange={(event) => change(index, { quantity: event.currentTarget.value })}
                error={error('quantity')}
              />
              <TextInput
                label={`Unit price (${currencySymbol})`}
                inputMode="decimal"
                style={{ flex: 1 }}
                value={item.unitPrice}
                onChange={(event) => change(index, { unitPrice: event.currentTarget.value })}
                error={error('unitPrice')}
              />
              <Button
                variant="subtle"
                color="red"
                mt={25}
                px="xs"
                aria-label={`Remove line ${number}`}
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </Button>
            </Group>
          </Stack>
        );
      })}
      {errors.items && (
        <Text size="sm" c="red.9" role="alert">
          {errors.items}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={items.length >= MAX_INVOICE_ITEMS}
        onClick={() => onChange([...items, blankItem()])}
      >
        Add line
      </Button>
    </Stack>
  );
}

/** 'Discount': none, an amount in dollars, or a percent of the subtotal. */
export function DiscountField({
  kind,
  value,
  onKindChange,
  onValueChange,
  error,
}: {
  kind: DiscountKindValue;
  value: string;
  onKindChange: (kind: DiscountKindValue) => void;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const { currencySymbol } = useFormats();
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <NativeSelect
        label="Discount"
        w={160}
        data={[
          { value: '', label: 'None' },
          { value: 'amount', label: `Amount (${currencySymbol})` },
          { value: 'percent', label: 'Percent (%)' },
        ]}
        value={kind}
        onChange={(event) => onKindChange(event.currentTarget.value as DiscountKindValue)}
      />
      {kind && (
        <TextInput
          label={kind === 'amount' ? `Discount amount (${currencySymbol})` : 'Discount percent (%)'}
          inputMode="decimal"
          w={180}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          error={error}
        />
      )}
    </Group>
  );
}
