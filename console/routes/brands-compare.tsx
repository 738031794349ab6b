// A placeholder until its module lands: the route exists so the console builds and its access rule is tested.
export default function Placeholder() {
  return <h1>Not built yet</h1>;
}
