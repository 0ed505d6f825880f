import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";

// This program sends its request to https://dynamodb.eu-west-1.amazonaws.com,
// with the credentials and region of your AWS configuration.
const client = new DynamoDBClient({ endpoint: "https://dynamodb.eu-west-1.amazonaws.com", region: "eu-west-1" });
const response = await client.send(new GetItemCommand({
  TableName: "Songs",
  Key: {
    Id: { S: "1" },
    Metadata: { S: "Details" },
  },
  ConsistentRead: true,
}));
if (response.Item) {
  console.log(plainItem(response.Item));
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
