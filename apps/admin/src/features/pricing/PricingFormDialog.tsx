import { Alert, Button, Group, NativeSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { PRICING_ITEM_TYPE_LABELS, PRICING_ITEM_TYPES, type PricingItem, type PricingItemInput } from "@tearoom/domain";
import { useEffect } from "react";
import { Dialog } from "../common/Dialog";
import { EMPTY_PRICING_FORM, itemTypeHint, parsePricingForm, pricingFormFrom, type PricingFormValues } from "./pricing-form";

interface PricingFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The item being edited; absent when adding. */
  item?: PricingItem | null;
  onSubmit: (values: PricingItemInput) => void;
  pending?: boolean;
  /** Why the server refused the last save (e.g. another item of the type is active), shown in the dialog. */
  serverError?: string | null;
  /** Staff changed something since: the server's refusal no longer describes the form. */
  onValuesChange?: () => void;
}

const TYPE_OPTIONS = [
  { value: "", label: "Select an item type", disabled: true },
  ...PRICING_ITEM_TYPES.map((t) => ({ value: t, label: PRICING_ITEM_TYPE_LABELS[t] })),
];

/** Add or edit a pricing item: the price typed in pounds and pence, read strictly (spec section 5, R33). */
export function PricingFormDialog({ opened, onClose, item, onSubmit, pending, serverError, onValuesChange }: PricingFormDialogProps) {
  const form = useForm<PricingFormValues>({
    initialValues: EMPTY_PRICING_FORM,
    onValuesChange: () => onValuesChange?.(),
    validate: (values) => {
      const result = parsePricingForm(values);
      return result.ok ? {} : result.errors;
    },
  });

  useEffect(() => {
    if (!opened) return;
    form.setValues(item ? pricingFormFrom(item) : EMPTY_PRICING_FORM);
    form.resetDirty();
    form.clearErrors();
    // The form object is stable; only a newly opened dialog or another item resets it. By the
    // item's id, not the object: the list refetched in the background (after a save, on focus)
    // hands over a new object for the same item, which must not wipe what staff are typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, item?.id]);

  const submit = form.onSubmit((values) => {
    const result = parsePricingForm(values);
    if (result.ok) onSubmit(result.data);
  });

  return (
    <Dialog opened={opened} onClose={onClose} title={item ? "Edit Pricing Item" : "Add Pricing Item"}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" {...form.getInputProps("name")} withAsterisk data-autofocus />
          <NativeSelect
            label="Item type"
            data={TYPE_OPTIONS}
            description={itemTypeHint(form.values.itemType)}
            {...form.getInputProps("itemType")}
            withAsterisk
          />
          <TextInput
            label="Price (£)"
            description="In pounds and pence, e.g. 29.95"
            leftSection="£"
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps("price")}
            withAsterisk
          />
          <Switch label="Active" {...form.getInputProps("isActive", { type: "checkbox" })} />
          {serverError ? (
            <Alert color="rose" variant="light" title="Not saved" role="alert">
              {serverError}
            </Alert>
          ) : null}
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
