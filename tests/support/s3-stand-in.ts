import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeMarkup } from "../../server/escape-markup";

export type StoredObject = { body: Buffer; contentType: string | undefined };

/**
 * A local stand-in for an S3-compatible service, path-style (`/<bucket>/<key>`), for the photo
 * store's network boundary: PutObject, GetObject, DeleteObject and ListObjectsV2, whose pages hold
 * `pageSize` keys (S3's are 1,000), so a listing is read over several pages as a large bucket's is.
 * Signatures are not checked. Objects are kept in `objects`, by bucket and key.
 */
export async function startS3StandIn({ pageSize = 4 }: { pageSize?: number } = {}) {
  const objects = new Map<string, Map<string, StoredObject>>();
  const bucketOf = (name: string) => objects.get(name) ?? objects.set(name, new Map()).get(name)!;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://s3.local");
      const [, bucketName = "", ...keyParts] = url.pathname.split("/");
      const bucket = bucketOf(bucketName);
      const key = decodeURIComponent(keyParts.join("/"));
      if (req.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
        const keys = [...bucket.keys()].sort();
        const after = url.searchParams.get("continuation-token") ?? "";
        const rest = keys.filter((name) => name > after);
        const page = rest.slice(0, pageSize);
        const more = rest.length > pageSize;
        const contents = page.map((name) => `<Contents><Key>${escapeMarkup(name)}</Key><Size>${bucket.get(name)!.body.length}</Size></Contents>`).join("");
        const next = more ? `<NextContinuationToken>${escapeMarkup(page.at(-1)!)}</NextContinuationToken>` : "";
        res.writeHead(200, { "content-type": "application/xml" });
        return void res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucketName}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
      }
      if (req.method === "PUT") {
        bucket.set(key, { body: Buffer.concat(chunks), contentType: req.headers["content-type"] });
        return void res.writeHead(200, { etag: '"stand-in"' }).end();
      }
      if (req.method === "DELETE") {
        bucket.delete(key);
        return void res.writeHead(204).end();
      }
      const found = req.method === "GET" ? bucket.get(key) : undefined;
      if (!found) {
        res.writeHead(404, { "content-type": "application/xml" });
        return void res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      }
      res.writeHead(200, { "content-type": found.contentType ?? "application/octet-stream", "content-length": found.body.length }).end(found.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects: bucketOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
