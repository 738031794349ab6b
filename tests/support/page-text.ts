/** The text a page shows, without its scripts (the page's catalogues travel in one) and React's text separators. */
export function shownText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Whether a page shows a catalogue text (a message, a confirmation). */
export const shows = (answer: { body: string }, words: string) => shownText(answer.body).includes(words.replace(/\s+/g, " "));
