// Package model holds Amazon DynamoDB's data model with no storage and no clock:
// AttributeValue and its DynamoDB JSON codec, numbers (38 significant digits on
// github.com/cockroachdb/apd/v3), the item-size formula, table and index
// descriptions, every action's input and output shapes with the wire
// protocol's JSON field names, and *Error carrying DynamoDB's exception names.
package model
