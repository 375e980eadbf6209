/**
 * The published recall notice at the top of a public safety page, in the page's language when the notice
 * has it, else in its first language. Its words are the notice's own (written in the case, per language).
 */
export function RecallNoticeBanner({
  notice,
  lang,
}: {
  notice: Record<string, { title: string; body: string }>;
  lang: string;
}) {
  const langs = Object.keys(notice);
  const pick = notice[lang] ? lang : (langs.find((l) => lang.startsWith(l)) ?? langs[0]);
  const n = notice[pick];
  if (!n) return null;
  return (
    <section
      role="alert"
      lang={pick}
      data-testid="recall-notice"
      className="mx-auto mt-6 w-full max-w-2xl rounded-lg border-2 border-red-700 bg-red-50 px-4 py-4 text-red-950"
    >
      <h2 className="text-lg font-bold leading-tight">{n.title}</h2>
      <p className="mt-2 whitespace-pre-line text-sm leading-relaxed">{n.body}</p>
    </section>
  );
}
