import datetime as _dt
_NOW = [_dt.datetime(2023, 5, 18, 12)]
def _set_now(dt):
    _NOW[0] = dt
def now(tz=None):
    return _NOW[0]
