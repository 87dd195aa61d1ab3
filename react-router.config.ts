import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  future: {
    // Loaders and actions get the request as it arrived and read the address from `url`:
    // React Router otherwise copies every request twice (decision 0024).
    v8_passThroughRequests: true,
  },
} satisfies Config;
