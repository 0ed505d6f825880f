package engine

import (
	"encoding/binary"

	"github.com/dynoscope/dynoscope/model"
)

// storageKey returns D/<table>/<h(pk)><enc(pk)>[<enc(sk)>].
func (t *table) storageKey(pk model.AttributeValue, sk *model.AttributeValue) string {
	var scratch [96]byte // most keys: the string is the one allocation
	buf := append(scratch[:0], t.dataPrefix...)
	buf = appendHashedKey(buf, pk, sk)
	return string(buf)
}

// itemStorageKey returns the storage key of a validated item.
func (t *table) itemStorageKey(item model.Item) string {
	pk := item[t.hash.name]
	if t.rng.name == "" {
		return t.storageKey(pk, nil)
	}
	sk := item[t.rng.name]
	return t.storageKey(pk, &sk)
}

// keyOf returns just the primary-key attributes of an item.
func (t *table) keyOf(item model.Item) model.Item {
	k := model.Item{t.hash.name: item[t.hash.name]}
	if t.rng.name != "" {
		k[t.rng.name] = item[t.rng.name]
	}
	return k
}

// validateKeyParam checks the Key of GetItem, DeleteItem, UpdateItem and the
// batch calls: exactly the key attributes, with the declared types. It
// normalises numbers in place and returns the storage key.
func (t *table) validateKeyParam(key model.Item) (string, *model.Error) {
	want := 1
	if t.rng.name != "" {
		want = 2
	}
	if len(key) != want {
		return "", model.Validation("The provided key element does not match the schema")
	}
	for _, ka := range []keyAttr{t.hash, t.rng} {
		if ka.name == "" {
			continue
		}
		v, ok := key[ka.name]
		if !ok {
			return "", model.Validation("The provided key element does not match the schema")
		}
		if err := model.NormalizeValue(&v); err != nil {
			return "", err
		}
		if v.Type != ka.typ {
			return "", model.Validation("The provided key element does not match the schema")
		}
		key[ka.name] = v
		if err := checkKeyValue(ka, v, ka == t.hash); err != nil {
			return "", err
		}
	}
	return t.itemStorageKey(key), nil
}

// checkKeyValue rejects empty and oversized key values.
func checkKeyValue(ka keyAttr, v model.AttributeValue, isHash bool) *model.Error {
	switch v.Type {
	case model.TypeS:
		if v.S == "" {
			return model.Validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: %s", ka.name)
		}
	case model.TypeB:
		if len(v.B) == 0 {
			return model.Validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: %s", ka.name)
		}
	}
	size := model.ValueSize(v)
	if isHash && size > model.MaxPartitionKeySize {
		return model.InvalidParameter("Size of hashkey has exceeded the maximum size limit of2048 bytes")
	}
	if !isHash && size > model.MaxSortKeySize {
		return model.InvalidParameter("Aggregated size of all range keys has exceeded the size limit of 1024 bytes")
	}
	return nil
}

// validateItemKey checks the key attributes of a whole item (PutItem,
// BatchWriteItem puts).
func (t *table) validateItemKey(item model.Item) *model.Error {
	for _, ka := range []keyAttr{t.hash, t.rng} {
		if ka.name == "" {
			continue
		}
		v, ok := item[ka.name]
		if !ok {
			return model.InvalidParameter("Missing the key %s in the item", ka.name)
		}
		if v.Type != ka.typ {
			return model.InvalidParameter("Type mismatch for key %s expected: %s actual: %s", ka.name, ka.typ, v.Type)
		}
		if err := checkKeyValue(ka, v, ka == t.hash); err != nil {
			return err
		}
	}
	return nil
}

// encodeStored encodes an item as stored: its DynamoDB size as a uvarint,
// then the binary item.
func encodeStored(buf []byte, item model.Item, size int) []byte {
	buf = binary.AppendUvarint(buf, uint64(size))
	return model.AppendItem(buf, item)
}

// storedSize returns the DynamoDB size recorded in a stored value.
func storedSize(v string) int {
	n, _ := uvarintString(v)
	return int(n)
}

func uvarintString(s string) (uint64, int) {
	var x uint64
	var shift uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		if b < 0x80 {
			return x | uint64(b)<<shift, i + 1
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	return 0, 0
}

// decodeStored decodes a stored value into the item and its size.
func decodeStored(v string) (model.Item, int, error) {
	size, n := uvarintString(v)
	if n == 0 {
		return nil, 0, errCorrupt
	}
	item, err := model.DecodeItemString(v[n:])
	return item, int(size), err
}
