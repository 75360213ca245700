"""Mock-interview agent for distributed-training and ML-infrastructure interviews."""

__version__ = "0.1.0"
