import base64
import json

import boto3

# This program sends its request to dynoscope at http://127.0.0.1:8000.

# dynoscope takes any keys: a region and dummy keys let this run without an AWS configuration.
client = boto3.client(
    "dynamodb",
    endpoint_url="http://127.0.0.1:8000",
    region_name="us-east-1",
    aws_access_key_id="dummy",
    aws_secret_access_key="dummy",
)
response = client.query(
    TableName="Songs",
    Limit=2,
    ExclusiveStartKey={
        "Id": {"S": "1"},
        "Metadata": {"S": "Lyrics"},
    },
    KeyConditionExpression="Id = :id",
    ExpressionAttributeValues={
        ":id": {"S": "1"},
    },
)


def plain(value):
    """A DynamoDB value as plain JSON text: numbers as numbers with all
    their digits, sets as arrays, binary as base64."""
    ((kind, v),) = value.items()
    if kind == "N":
        return v
    if kind == "NS":
        return "[" + ",".join(v) + "]"
    if kind == "B":
        return json.dumps(base64.b64encode(v).decode())
    if kind == "BS":
        return json.dumps([base64.b64encode(b).decode() for b in v])
    if kind == "NULL":
        return "null"
    if kind == "L":
        return "[" + ",".join(plain(e) for e in v) + "]"
    if kind == "M":
        return plain_item(v)
    return json.dumps(v, ensure_ascii=False)  # S, SS, BOOL


def plain_item(item):
    """An item as one line of plain JSON."""
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + plain(item[k]) for k in sorted(item)) + "}"


for item in response.get("Items", []):
    print(plain_item(item))
