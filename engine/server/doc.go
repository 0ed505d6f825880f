// Package server serves an engine.API over DynamoDB's JSON-over-HTTP
// protocol (awsJson1_0), so the AWS CLI and every AWS SDK can talk to
// dynoscope.
//
// The package holds no DynamoDB semantics of its own: it reads a request,
// decodes its body into the action's model input, calls the engine and
// writes the output or the *model.Error back the way DynamoDB does. What it
// does decide is the wire protocol, following the reference's section 11:
//
//   - POST with X-Amz-Target "DynamoDB_20120810.<Action>" and Content-Type
//     application/x-amz-json-1.0; application/json is accepted too and echoed
//     back, as dynalite does. Other content types with a body, and methods
//     other than POST and GET, get 404 "<UnknownOperationException/>".
//   - GET answers 200 "healthy: dynamodb.<region>.amazonaws.com ".
//   - Replies carry x-amzn-RequestId and x-amz-crc32, the IEEE CRC-32 of the
//     exact body as an unsigned decimal.
//   - Errors are {"__type":"<namespace>#<Name>","message":"..."} with HTTP
//     400, or 500 for InternalServerError. ValidationException lives in
//     com.amazon.coral.validate, the protocol-level exceptions in
//     com.amazon.coral.service (with a capital "Message" key for
//     SerializationException and AccessDeniedException), everything else in
//     com.amazonaws.dynamodb.v20120810.
//   - Bodies over 16 MB get 413 with an empty body; bodies are never read
//     without a bound, and the buffer grows with the bytes that arrive, not
//     with the Content-Length a client declares.
//   - A body that is not well-formed Unicode (bytes that are not UTF-8, an
//     escape of half a surrogate pair) is a SerializationException with no
//     message, whatever the target (model.ValidJSONText).
//   - A body that is not JSON, or is empty, is a SerializationException with
//     no message. A member of the wrong JSON kind is a SerializationException
//     worded as DynamoDB's Java deserializer words it (see typeMismatch). A
//     *model.Error returned by a value's UnmarshalJSON is passed through.
//
// Serve, on a loopback listener, answers only requests whose Host header
// names this machine by loopback (localhost, 127.0.0.1, [::1]); any other
// gets 403, so a web page cannot reach the endpoint through DNS rebinding
// (see LoopbackOnly).
//
// Credentials are not checked: any Authorization header, and none at all,
// is accepted. dynoscope is a local tool; DynamoDB itself would answer a
// request without one with MissingAuthenticationTokenException.
//
// Actions are dispatched through a table built per target prefix. New
// registers every method of engine.API under "DynamoDB_20120810"; Register
// adds handlers under any other prefix, such as "DynamoDBStreams_20120810"
// for ListStreams, DescribeStream, GetShardIterator and GetRecords.
package server
