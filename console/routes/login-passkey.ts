// A placeholder until its module lands.
export function action() {
  return new Response("Not built yet", { status: 404 });
}
