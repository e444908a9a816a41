import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX, type Campaign, type CampaignPreview } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useState } from "react";
import { CampaignList } from "../features/campaigns/CampaignList";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";

const EXAMPLE =
  "Dear friends,\n\nThe **summer menu** starts on Saturday: strawberries, clotted cream and *elderflower* cordial.\n\n- Afternoon tea from 12:00\n- The Secret Garden opens daily\n\n[Book a table](https://example.com/book)";

/**
 * /admin/campaigns (R56): write a newsletter (subject, Markdown body), preview it as subscribers
 * will see it, send a test to yourself, then send it once to every confirmed subscriber.
 */
export default function CampaignsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [draftId, setDraftId] = useState<number | null>(null);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  // While a newsletter is going out, its count of sent messages is read again now and then.
  const list = useQuery({
    ...trpc.campaigns.list.queryOptions(),
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === "sending") ? 15_000 : false),
  });
  const stats = useQuery(trpc.newsletters.stats.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.campaigns.pathFilter());

  const create = useMutation(trpc.campaigns.create.mutationOptions({ onSettled: refresh }));
  const update = useMutation(trpc.campaigns.update.mutationOptions({ onSettled: refresh }));
  const showPreview = useMutation(
    trpc.campaigns.preview.mutationOptions({ onSuccess: setPreview, onError: (error) => failure("Could not preview the newsletter", error) }),
  );
  const test = useMutation(
    trpc.campaigns.test.mutationOptions({
      onSuccess: ({ to }) => success("Test sent", `A test copy is on its way to ${to}.`),
      onError: (error) => failure("The test was not sent", error),
    }),
  );
  const send = useMutation(
    trpc.campaigns.send.mutationOptions({
      onSuccess: ({ recipients }) => {
        success("Newsletter sending", `It goes out to ${recipients} subscriber${recipients === 1 ? "" : "s"} over the coming minutes.`);
        startNew();
      },
      onError: (error) => failure("The newsletter was not sent", error),
      onSettled: refresh,
    }),
  );

  const startNew = () => {
    setDraftId(null);
    setSubject("");
    setBody("");
    setPreview(null);
  };
  const open = (c: Campaign) => {
    setDraftId(c.id);
    setSubject(c.subject);
    setBody(c.body);
    setPreview(null);
  };

  /** Saves the draft (creating it the first time) and returns its id; undefined when it could not be saved. */
  const save = async (): Promise<number | undefined> => {
    try {
      if (draftId === null) {
        const created = await create.mutateAsync({ subject, body });
        setDraftId(created.id);
        return created.id;
      }
      await update.mutateAsync({ id: draftId, subject, body });
      return draftId;
    } catch (error) {
      failure("The draft was not saved", error);
      return undefined;
    }
  };

  const active = stats.data?.active;
  const confirmSend = async () => {
    const n = active ?? 0;
    if (!window.confirm(`Send "${subject}" to ${n} subscriber${n === 1 ? "" : "s"} now? It can be sent only once.`)) return;
    const id = await save();
    if (id !== undefined) send.mutate({ id });
  };
  const sendTest = async () => {
    const id = await save();
    if (id !== undefined) test.mutate({ id });
  };
  const saving = create.isPending || update.isPending;
  const filled = subject.trim() !== "" && body.trim() !== "";

  return (
    <>
      <PageHeader title="Send a newsletter" description="Write to the people who subscribed, preview it, try it on yourself, then send it." />
      <Stack gap="xl">
        <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="compose">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="compose">
              {draftId === null ? "New newsletter" : "Draft"}
            </Title>
            {draftId !== null ? (
              <Button size="xs" variant="default" onClick={startNew}>
                Start a new one
              </Button>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="sm">
              <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={CAMPAIGN_SUBJECT_MAX} required />
              <Textarea
                label="Message"
                description="Simple formatting: **bold**, *italic*, - lists, # headings and [words](https://link)."
                placeholder={EXAMPLE}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                maxLength={CAMPAIGN_BODY_MAX}
                rows={12}
                resize="vertical"
                required
              />
              <Group gap="xs">
                <Button variant="default" disabled={!filled} loading={showPreview.isPending} onClick={() => showPreview.mutate({ subject, body })}>
                  Preview
                </Button>
                <Button
                  variant="default"
                  disabled={!filled}
                  loading={saving && !send.isPending && !test.isPending}
                  onClick={() => void save().then((id) => id && success("Draft saved"))}
                >
                  Save draft
                </Button>
                <Button variant="default" disabled={!filled} loading={test.isPending} onClick={() => void sendTest()}>
                  Send test to me
                </Button>
                <Button disabled={!filled || !active} loading={send.isPending} onClick={() => void confirmSend()}>
                  {active === undefined ? "Send to subscribers" : `Send to ${active} subscriber${active === 1 ? "" : "s"}`}
                </Button>
              </Group>
            </Stack>
            <Stack gap="xs" aria-live="polite">
              <Text fw={600} id="preview-heading">
                Preview
              </Text>
              {preview ? (
                <>
                  <Text size="sm">
                    Subject: <strong>{preview.subject}</strong>
                  </Text>
                  {/* The e-mail's own HTML, drawn apart from the app: no scripts, no access to this page. */}
                  <iframe
                    title="Newsletter preview"
                    srcDoc={preview.html}
                    sandbox=""
                    style={{ width: "100%", minHeight: 420, border: "1px solid var(--mantine-color-gray-4)", borderRadius: 8, background: "#fff" }}
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Press Preview to see the e-mail as subscribers will.
                </Text>
              )}
            </Stack>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="sent-newsletters">
          <Title order={2} size="h3" id="sent-newsletters" mb="sm">
            Newsletters
          </Title>
          <QueryState query={list} what="newsletters">
            {list.data?.length ? <CampaignList campaigns={list.data} onOpen={open} /> : <EmptyState title="No newsletters written yet." />}
          </QueryState>
        </Paper>
      </Stack>
    </>
  );
}
