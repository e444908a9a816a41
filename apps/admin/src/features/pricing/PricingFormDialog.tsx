import { Button, Group, NativeSelect, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import { Dialog } from "../common/Dialog";
import { PRICING_ITEM_TYPE_LABELS, PRICING_ITEM_TYPES, type PricingItem, type PricingItemInput } from "@tearoom/domain";
import { useEffect, useState, type FormEvent } from "react";
import { EMPTY_PRICING_FORM, parsePricingForm, pricingFormFrom, type PricingFormValues } from "./pricing-form";

interface PricingFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The item being edited; absent when adding. */
  item?: PricingItem | null;
  onSubmit: (values: PricingItemInput) => void;
  pending?: boolean;
}

const TYPE_OPTIONS = [
  { value: "", label: "Select an item type", disabled: true },
  ...PRICING_ITEM_TYPES.map((t) => ({ value: t, label: PRICING_ITEM_TYPE_LABELS[t] })),
];

/** Add or edit a pricing item: price typed in pounds with two decimals (spec section 5). */
export function PricingFormDialog({ opened, onClose, item, onSubmit, pending }: PricingFormDialogProps) {
  const [values, setValues] = useState<PricingFormValues>(EMPTY_PRICING_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setValues(item ? pricingFormFrom(item) : EMPTY_PRICING_FORM);
    setErrors({});
  }, [opened, item]);

  const update = <K extends keyof PricingFormValues>(key: K, value: PricingFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: "" }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parsePricingForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onSubmit(result.data);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={item ? "Edit Pricing Item" : "Add Pricing Item"}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" value={values.name} onChange={(e) => update("name", e.currentTarget.value)} error={errors.name || undefined} withAsterisk data-autofocus />
          <NativeSelect
            label="Item type"
            data={TYPE_OPTIONS}
            value={values.itemType}
            onChange={(e) => update("itemType", e.currentTarget.value as PricingFormValues["itemType"])}
            error={errors.itemType || undefined}
            withAsterisk
          />
          <NumberInput
            label="Price (£)"
            description="In pounds, e.g. 29.95"
            leftSection="£"
            value={values.price}
            onChange={(v) => update("price", v)}
            decimalScale={2}
            fixedDecimalScale
            min={0}
            step={0.5}
            allowNegative={false}
            thousandSeparator={false}
            inputMode="decimal"
            error={errors.price || undefined}
            withAsterisk
          />
          <Switch label="Active" checked={values.isActive} onChange={(e) => update("isActive", e.currentTarget.checked)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {item ? "Update" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
