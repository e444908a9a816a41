import { Button, Group, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { VoucherCodeSchema } from "@tearoom/domain";
import { useState } from "react";
import { z } from "zod";
import { errorMessage } from "../../lib/errors";
import { useTRPC } from "../../trpc";

const FindSchema = z.object({ code: VoucherCodeSchema });

/** Find a voucher by its code (as a guest reads it out, in any case, with or without dashes) and open it. */
export function FindVoucherForm({ onFound }: { onFound: (code: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: "" }, validate: schemaResolver(FindSchema, { sync: true }) });
  return (
    <form
      noValidate
      role="search"
      onSubmit={form.onSubmit(async (values) => {
        const { code } = FindSchema.parse(values);
        setBusy(true);
        try {
          await queryClient.fetchQuery(trpc.vouchers.get.queryOptions({ code }));
          onFound(code);
          form.reset();
        } catch (error) {
          form.setFieldError("code", errorMessage(error, "The voucher could not be looked up. Please try again."));
        } finally {
          setBusy(false);
        }
      })}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Find a voucher by code"
          placeholder="TEA-ABCD-EFGH-JKMN"
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
          {...form.getInputProps("code")}
        />
        <Button type="submit" mt={25} loading={busy}>
          Open
        </Button>
      </Group>
    </form>
  );
}
