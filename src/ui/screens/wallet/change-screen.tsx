export { default } from '../common/not-open-screen.tsx'; // TODO(issue 6): being built
