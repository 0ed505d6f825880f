import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

// This program sends its request to dynoscope at http://[::1]:8000.
// dynoscope takes any keys: a region and dummy keys let this run without an AWS configuration.
const client = new DynamoDBClient({
  endpoint: "http://[::1]:8000",
  region: "us-east-1",
  credentials: { accessKeyId: "dummy", secretAccessKey: "dummy" },
});
const response = await client.send(new QueryCommand({
  TableName: "Songs",
  Limit: 2,
  ExclusiveStartKey: {
    Id: { S: "1" },
    Metadata: { S: "Lyrics" },
  },
  KeyConditionExpression: "Id = :id",
  ExpressionAttributeValues: {
    ":id": { S: "1" },
  },
}));
for (const item of response.Items ?? []) {
  console.log(plainItem(item));
}

// A DynamoDB value as plain JSON text: numbers as numbers with all their
// digits, sets as arrays, binary as base64.
function plain(value) {
  const [[kind, v]] = Object.entries(value).filter(([, x]) => x !== undefined);
  const base64 = (bytes) => Buffer.from(bytes).toString("base64");
  switch (kind) {
    case "N": return v;
    case "NS": return "[" + v.join(",") + "]";
    case "B": return JSON.stringify(base64(v));
    case "BS": return JSON.stringify(v.map(base64));
    case "NULL": return "null";
    case "L": return "[" + v.map(plain).join(",") + "]";
    case "M": return plainItem(v);
    default: return JSON.stringify(v); // S, SS, BOOL
  }
}

// An item as one line of plain JSON.
function plainItem(item) {
  return "{" + Object.keys(item).sort().map((k) => JSON.stringify(k) + ":" + plain(item[k])).join(",") + "}";
}
