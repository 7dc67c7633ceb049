import base64, json, sys

def _plain(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    raise TypeError(type(value))

class _Client:
    def query(self, **kwargs):
        sys.stderr.write(json.dumps(kwargs, default=_plain))
        return {"Items": [], "Count": 0, "ScannedCount": 0}

def client(name):
    assert name == "dynamodb"
    return _Client()
