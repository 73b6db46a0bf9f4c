// The test's own DynamoDB and /_minnow calls, signed by the console's signer (console/js/sigv4.js).
import { signedHeaders } from "../../../console/js/sigv4.js";

export const credentials = { accessKeyId: "local", secretAccessKey: "local", region: "us-east-1" };

export function client(url, signer = credentials) {
  const host = new URL(url).host;
  return {
    async call(action, request) {
      const target = action.startsWith("Streams.") ? `DynamoDBStreams_20120810.${action.slice(8)}` : `DynamoDB_20120810.${action}`;
      const body = JSON.stringify(request);
      const response = await fetch(url, { method: "POST", headers: await signedHeaders({ body, target, host, credentials: signer }), body });
      const data = await response.json();
      if (!response.ok) throw new Error(`${action}: ${data.__type}: ${data.message}`);
      return data;
    },
    async admin(method, path, body) {
      const response = await fetch(`${url}/_minnow/${path}`, {
        method,
        headers: { "Content-Type": "application/json", "X-Minnow-Admin": "1" },
        body: body && JSON.stringify(body),
      });
      return response.json();
    },
  };
}
