export function action() {
  return new Response("Not found", { status: 404 });
}
