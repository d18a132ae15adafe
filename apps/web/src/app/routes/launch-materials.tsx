import { LaunchMaterialsView } from '@/features/launch-materials/components/launch-materials-view';

export default function LaunchMaterialsRoute() {
  return (
    <>
      <title>Launch Materials · Parley admin</title>
      <LaunchMaterialsView />
    </>
  );
}
