import base64
import json

import boto3

# This program sends its request to DynamoDB in your default AWS account:
# the credentials and region of your AWS configuration (environment
# variables, ~/.aws). For a program that talks to the explorer's engine,
# start the explorer with --serve 127.0.0.1:8000.

client = boto3.client("dynamodb")
response = client.get_item(
    TableName="Songs",
    Key={
        "Id": {"S": "1"},
        "Metadata": {"S": "Details"},
    },
    ConsistentRead=True,
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


if "Item" in response:
    print(plain_item(response["Item"]))
